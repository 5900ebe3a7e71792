import { describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { uploadFailureText } from './mutations';

describe('uploadFailureText', () => {
  it('shows the server text when there is one', () => {
    expect(uploadFailureText(new AppError('VALIDATION_ERROR', 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)'))).toBe(
      'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
    );
  });

  it('falls back to "Failed to process image" when the server said nothing useful', () => {
    expect(uploadFailureText(new AppError('SERVER_ERROR'))).toBe('Failed to process image');
    expect(uploadFailureText(new AppError('DEFAULT', 'Image size should be less than 25MB', { status: 413 }))).toBe('Image size should be less than 25MB');
    expect(uploadFailureText(new Error('boom'))).toBe('Failed to process image');
  });

  it('passes the crop errors through', () => {
    expect(uploadFailureText(new Error('Canvas is empty'))).toBe('Canvas is empty');
    expect(uploadFailureText(new Error('Failed to crop image'))).toBe('Failed to crop image');
  });
});
