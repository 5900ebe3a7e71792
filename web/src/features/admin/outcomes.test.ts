import { describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { ADMIN_TEXT } from './messages';
import { loginFailureToast, moderationFailureMessage } from './outcomes';

describe('admin failure texts', () => {
  it('tells a refused password from a server that cannot be reached', () => {
    expect(loginFailureToast(new AppError('UNAUTHORIZED', 'Invalid admin password'))).toEqual({ title: 'Access denied', description: 'Invalid admin password' });
    expect(loginFailureToast(new AppError('SERVER_ERROR'))).toEqual({ title: 'Access denied', description: 'Invalid admin password' });
    expect(loginFailureToast(new AppError('NETWORK_ERROR'))).toEqual({ title: 'Error', description: 'Failed to connect to server' });
  });

  it('says when the address is locked out instead of blaming the password', () => {
    const locked = new AppError('RATE_LIMITED', 'Too many wrong admin passwords. Please wait a few minutes and try again.');
    expect(loginFailureToast(locked)).toEqual({ title: 'Access denied', description: locked.message });
  });

  it("uses the spec's sentence, or the server's when another admin got there first", () => {
    expect(moderationFailureMessage(new AppError('SERVER_ERROR'), ADMIN_TEXT.moderatePogFailed)).toBe('Failed to moderate POG');
    expect(moderationFailureMessage(new AppError('VALIDATION_ERROR', 'Please give a reason for the ban'), ADMIN_TEXT.moderateUserFailed)).toBe('Failed to moderate user');
    const conflict = new AppError('CONFLICT', 'Another admin moderated this POG in the meantime. Reload to see the latest state.');
    expect(moderationFailureMessage(conflict, ADMIN_TEXT.moderatePogFailed)).toBe(conflict.message);
    expect(moderationFailureMessage(new AppError('NOT_FOUND', 'That POG no longer exists.'), ADMIN_TEXT.moderatePogFailed)).toBe('That POG no longer exists.');
  });
});
