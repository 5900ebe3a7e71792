import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@pog/common';
import { useToastStore } from '../../stores/toasts';
import { limitFailure, showFailure } from './showError';

const own = () => ({ title: 'Error', description: 'Failed to create pog. Please try again.' });

describe('a limit refusal', () => {
  afterEach(() => useToastStore.setState({ current: null }));

  it.each([
    ['COOLDOWN', 'Action on Cooldown'],
    ['DAILY_LIMIT', 'Daily Limit Reached'],
    ['CREATION_LIMIT', 'Creation Limit Reached'],
  ] as const)('%s shows the catalogue title %s with the server sentence, not the screen title', (code, title) => {
    const error = new AppError(code, 'You can create your next POG in 42 seconds.');
    showFailure(error, own);
    expect(useToastStore.getState().current).toMatchObject({ title, description: 'You can create your next POG in 42 seconds.', variant: 'destructive' });
  });

  it('leaves other failures to the screen', () => {
    expect(limitFailure(new AppError('CONFLICT', 'Taken'))).toBeNull();
    showFailure(new AppError('VALIDATION_ERROR', 'Bad name'), own);
    expect(useToastStore.getState().current?.title).toBe('Error');
  });
});
