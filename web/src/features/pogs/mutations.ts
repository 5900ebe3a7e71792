/** The POG writes, each with the toasts of the product spec (errors) and the cache updates that go with it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePogRequest, Pog, PogId, UpdatePogRequest } from '@pog/common';
import { serverMessageOr } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { toast } from '../../stores/toasts';
import { refreshAllStats } from '../achievements/live';
import { showFailure } from '../errors/showError';
import { createPog, deletePog, updatePog, uploadImage } from './api';
import { applyPogUpdate, refreshPogLists, removePogFromCache } from './cache';
import { IMAGE_TEXT, POG_TEXT } from './messages';

/** The server's own words when it sent some, else the screen's fallback sentence. */
const messageOr = (error: unknown, fallback: string) => serverMessageOr(error, fallback, isOnline());

export function useCreatePog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreatePogRequest) => createPog(request),
    onSuccess: (pog: Pog) => {
      applyPogUpdate(queryClient, pog);
      void refreshPogLists(queryClient);
      refreshAllStats(queryClient);
      toast({ title: POG_TEXT.createdTitle, description: POG_TEXT.createdMessage });
    },
    onError: (error) => {
      refreshAllStats(queryClient);
      showFailure(error, () => ({ title: POG_TEXT.createFailedTitle, description: messageOr(error, POG_TEXT.createFailedFallback) }));
    },
  });
}

export function useUpdatePog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pogId, changes }: { pogId: PogId; changes: UpdatePogRequest }) => updatePog(pogId, changes),
    onSuccess: (pog: Pog) => {
      applyPogUpdate(queryClient, pog);
      void refreshPogLists(queryClient);
      refreshAllStats(queryClient);
      toast({ title: POG_TEXT.updatedTitle, description: POG_TEXT.updatedMessage });
    },
    onError: (error) => {
      refreshAllStats(queryClient);
      showFailure(error, () => ({ title: POG_TEXT.createFailedTitle, description: messageOr(error, POG_TEXT.updateFailedFallback) }));
    },
  });
}

export function useDeletePog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pogId: PogId) => deletePog(pogId),
    onSuccess: (_nothing, pogId) => {
      removePogFromCache(queryClient, pogId);
      void refreshPogLists(queryClient);
      refreshAllStats(queryClient);
      toast({ title: POG_TEXT.deletedTitle, description: POG_TEXT.deletedMessage });
    },
    onError: (error) => {
      showFailure(error, () => ({ title: POG_TEXT.deleteFailedTitle, description: POG_TEXT.deleteFailedMessage }));
    },
  });
}

/**
 * Crops (the function passed in) and uploads a picture; the caller applies the URL, or clears the
 * preview on failure.
 */
export function useUploadImage() {
  return useMutation({
    // Not retried: the player chose the file and can simply try again.
    retry: false,
    mutationFn: async (makeImage: () => Promise<Blob>) => uploadImage(await makeImage()),
    onMutate: () => {
      toast({ title: IMAGE_TEXT.processingTitle, description: IMAGE_TEXT.processingMessage });
    },
    onSuccess: () => {
      toast({ title: IMAGE_TEXT.uploadedTitle, description: IMAGE_TEXT.uploadedMessage });
    },
    onError: (error) => {
      showFailure(error, () => ({ title: IMAGE_TEXT.uploadFailedTitle, description: uploadFailureText(error) }));
    },
  });
}

const CROP_MESSAGES: readonly string[] = [IMAGE_TEXT.cropFailed, IMAGE_TEXT.canvasEmpty];

/** What the upload failure toast and the inline error say: the crop error, the server text, or the fallback. */
export function uploadFailureText(error: unknown): string {
  if (error instanceof Error && CROP_MESSAGES.includes(error.message)) return error.message;
  return messageOr(error, IMAGE_TEXT.uploadFailedFallback);
}
