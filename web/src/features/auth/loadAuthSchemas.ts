import { showErrorToast } from '../errors/showError';
import { networkError } from '../../api/errors';

type AuthSchemas = typeof import('./formSchemas');

let loading: Promise<AuthSchemas> | undefined;

/** Loads the forms' schemas once (a failed load is tried again on the next call). */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('./formSchemas').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The schemas for a submit, or null after telling the player the connection failed. */
export async function authSchemasForSubmit(): Promise<AuthSchemas | null> {
  try {
    return await loadAuthSchemas();
  } catch {
    showErrorToast(networkError());
    return null;
  }
}
