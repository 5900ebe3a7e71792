/** Login, registration and logout, with the toasts of the product spec (errors). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPaths, type LoginRequest, type RegisterRequest } from '@pog/common';
import { api } from '../../api/client';
import { toast } from '../../stores/toasts';
import { showFailure } from '../errors/showError';
import { describeError } from '../../api/errors';
import { AUTH_TEXT, authFailureMessage } from './messages';
import { endSession, startSession } from './session';

function failureToast(title: string, error: unknown, fallback: string) {
  showFailure(error, () => ({ title, description: authFailureMessage(error, fallback) }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => api(apiPaths.auth.login, { body: credentials }),
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast({ title: AUTH_TEXT.loginSuccessTitle, description: AUTH_TEXT.loginSuccess(user.username) });
    },
    onError: (error) => failureToast(AUTH_TEXT.loginFailedTitle, error, AUTH_TEXT.loginFailedFallback),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: RegisterRequest) => api(apiPaths.auth.register, { body: account }),
    onSuccess: (user) => {
      startSession(queryClient, user);
      toast({ title: AUTH_TEXT.registerSuccessTitle, description: AUTH_TEXT.registerSuccess(user.username) });
    },
    onError: (error) => failureToast(AUTH_TEXT.registerFailedTitle, error, AUTH_TEXT.registerFailedFallback),
  });
}

/** Identifies a logout under way, so the socket's own "session revoked" echo can be ignored. */
export const LOGOUT_MUTATION_KEY = ['logout'] as const;

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: LOGOUT_MUTATION_KEY,
    mutationFn: () => api(apiPaths.auth.logout),
    onSuccess: () => {
      endSession(queryClient);
      toast({ title: AUTH_TEXT.logoutTitle, description: AUTH_TEXT.logoutDescription });
      navigate('/auth', { replace: true });
    },
    onError: (error) => {
      showFailure(error, () => ({ title: AUTH_TEXT.logoutFailedTitle, description: describeError(error, true).message }));
    },
  });
}
