/**
 * The Auth forms' zod schemas, in a chunk of their own: zod is not needed to draw the Auth page,
 * only to check what a player sends. The forms start loading it when a field is first focused
 * (loadAuthSchemas) and wait for it on submit.
 */
export { loginRequestSchema, registerFormSchema } from '@pog/common';
