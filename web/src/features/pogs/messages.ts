/** The POG and image texts of the product spec (errors), word for word. */
export const POG_TEXT = {
  createdTitle: 'Pog Created',
  createdMessage: 'Your pog has been created successfully!',
  createFailedTitle: 'Error',
  createFailedFallback: 'Failed to create pog. Please try again.',
  updatedTitle: 'Pog Updated',
  updatedMessage: 'Your changes have been saved.',
  updateFailedFallback: 'Failed to update the pog. Please try again.',
  deletedTitle: 'Pog deleted',
  deletedMessage: 'The pog has been removed from your collection.',
  deleteFailedTitle: 'Error',
  deleteFailedMessage: 'Failed to delete the pog. Please try again.',
  deleteDialogTitle: 'Delete POG?',
  ownTradeTitle: 'Cannot trade your own pog',
  ownTradeMessage: 'You can only trade pogs created by other users.',
} as const;

export const IMAGE_TEXT = {
  invalidType: 'Please select a valid image file (JPEG, PNG, GIF, or WEBP)',
  tooLarge: 'Image size should be less than 25MB',
  processingTitle: 'Processing image',
  processingMessage: 'Cropping and optimizing your image...',
  uploadedTitle: 'Image uploaded',
  uploadedMessage: 'Your image has been uploaded and applied to the pog!',
  uploadFailedTitle: 'Upload failed',
  uploadFailedFallback: 'Failed to process image',
  cropFailed: 'Failed to crop image',
  canvasEmpty: 'Canvas is empty',
} as const;

/** Our own texts for editing (docs/rules.md, POGs), beside the spec's. */
export const EDIT_TEXT = {
  costsACreation: 'Saving a new design counts as a creation (cooldown and daily limit), and it will be scored again. A new name alone is free.',
} as const;
