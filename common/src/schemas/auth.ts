import { z } from 'zod';
import { AUTH } from '../constants';
import { userIdField } from './ids';

export const USERNAME_MESSAGE = 'Username must be at least 3 characters';
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters';
/** The characters a username may hold; the database checks it too (users_username_characters). */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9_.-]+$/;

const username = z
  .string({ error: USERNAME_MESSAGE })
  .trim()
  .min(AUTH.usernameMin, USERNAME_MESSAGE)
  .max(AUTH.usernameMax, `Username must be at most ${AUTH.usernameMax} characters`)
  .regex(USERNAME_CHARACTERS, 'Username may only contain letters, digits, "_", "-" and "."');

const password = z
  .string({ error: PASSWORD_MESSAGE })
  .min(AUTH.passwordMin, PASSWORD_MESSAGE)
  .max(AUTH.passwordMax, `Password must be at most ${AUTH.passwordMax} characters`);

/** POST /api/login */
export const loginRequestSchema = z.object({
  username: z.string({ error: USERNAME_MESSAGE }).trim().min(AUTH.usernameMin, USERNAME_MESSAGE).max(AUTH.usernameMax, USERNAME_MESSAGE),
  password: z.string({ error: PASSWORD_MESSAGE }).min(AUTH.passwordMin, PASSWORD_MESSAGE).max(AUTH.passwordMax, PASSWORD_MESSAGE),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/register */
export const registerRequestSchema = z.object({ username, password });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form: confirmPassword must match and is dropped before sending. */
export const registerFormSchema = z
  .object({ username, password, confirmPassword: z.string().min(AUTH.passwordMin, PASSWORD_MESSAGE) })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const roleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof roleSchema>;

/** The current user / profile (product spec: entities). */
export const userSchema = z.object({
  id: userIdField(),
  username: z.string(),
  displayName: z.string(),
  avatarInitials: z.string(),
  avatarColor: z.string(),
  role: roleSchema,
  /**
   * The position of the player's event stream when this was read (GET /api/user, login, register):
   * the live connection resumes right after it, so nothing committed since is missed.
   */
  streamPosition: z.number().int().nonnegative().optional(),
});
export type User = z.infer<typeof userSchema>;

/** A player as a trade or a battle names them. */
export const partySchema = userSchema.pick({ id: true, username: true, avatarColor: true, avatarInitials: true });
export type Party = z.infer<typeof partySchema>;

export const adminAuthRequestSchema = z.object({ password: z.string().min(1, 'Password is required').max(AUTH.passwordMax) });
