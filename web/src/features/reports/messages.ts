/** The Report action's texts (docs/rules.md, Moderation). */
export const REPORT_TEXT = {
  open: 'Report',
  reasonLabel: 'Why are you reporting this POG?',
  reasonPlaceholder: 'For example: rude words, or a copy of my design',
  reasonRequired: 'Please say what is wrong with this POG',
  send: 'Send Report',
  sending: 'Sending...',
  cancel: 'Cancel',
  sentTitle: 'Report sent',
  sentMessage: 'Thank you. A moderator will review this POG.',
  failedTitle: 'Report failed',
  failedFallback: 'Failed to send your report. Please try again.',
  done: 'You reported this POG. A moderator will review it.',
} as const;
