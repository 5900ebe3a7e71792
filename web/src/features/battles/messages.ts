/** The Battle Arena's texts: the product spec (screens, validation and errors) (Battles) word for word where the spec gives them. */
export const BATTLE_TEXT = {
  title: 'Battle Arena',
  lead: 'Risk one POG against another player’s. The higher roll wins both.',
  signedOut: 'Please log in to battle other players.',
  logIn: 'Login / Register',
  needPogs: 'You need to create POGs first...',
  createPogs: 'Create a POG',
  noOpponents: 'Nobody can be challenged right now: no other player holds a POG they could risk. Come back later.',
  opponentUnavailable: 'That player holds no POG they could risk in a battle right now, so they cannot be challenged.',

  // Variant A
  challengeTab: 'Challenge',
  myBattlesTab: 'My Battles',
  historyTab: 'Battle History',
  // Variant B
  pendingTab: 'Pending Battles',
  createTab: 'Create Battle',

  opponent: 'Opponent',
  chooseOpponent: 'Choose an opponent',
  yourPog: 'Your POG to risk',
  battleType: 'Battle type',
  missingChoice: 'Please select both a POG and an opponent.',
  sendChallenge: 'Send Challenge',
  sending: 'Sending...',
  flipNote: 'A coin flip: 50/50, no rarity bonus. The winner takes both POGs.',

  accept: 'Accept',
  decline: 'Decline',
  cancel: 'Cancel',
  acceptTitle: 'Accept the challenge',
  acceptLead: 'Choose the POG you will risk. The winner takes both.',
  acceptConfirm: 'Accept Battle',
  flipA: 'Flip and Battle',
  flipB: 'Flip the Coin',
  flipping: 'Flipping...',
  details: 'Details',
  waitingFor: (name: string) => `Waiting for ${name} to answer`,
  readyToFlip: 'Accepted: either player can flip.',

  noOpen: 'No pending battles',
  noOpenHint: 'Challenge another player to risk one of your POGs.',
  noHistory: 'No finished battles yet',

  loadPendingFailed: 'Failed to load pending battles. Please try again.',
  loadHistoryFailed: 'Failed to load battle history. Please try again.',
  errorTitle: 'Error',
  sendFailed: 'Failed to send challenge.',
  acceptFailed: 'Failed to accept challenge.',
  declineFailed: 'Failed to decline challenge.',
  cancelFailed: 'Failed to cancel challenge.',
  completeFailed: 'Failed to complete battle.',

  sentTitle: 'Challenge Sent!',
  sentMessage: (defender: string) => `Your challenge is on its way to ${defender}.`,
  acceptedTitle: 'Battle Accepted!',
  acceptedMessage: 'The battle is on: flip when you are ready.',
  declinedTitle: 'Battle Declined',
  declinedMessage: 'You declined the challenge.',
  cancelledTitle: 'Battle Cancelled',
  cancelledMessage: 'Your challenge has been called off.',
  completedTitle: 'Battle Completed!',

  verify: 'Verify',
  verifying: 'Verifying...',
  verified: 'Verified: the revealed seed matches its hash and produces exactly these rolls.',
  notVerified: 'This battle does not verify:',
  seed: 'Server seed',
  seedHash: 'Server seed hash (SHA-256, published at creation)',
  seedHidden: 'Revealed when the battle is completed.',
  playerSeeds: 'Players’ seeds',
  noPlayerSeeds: 'None: this battle was created before players gave seeds (rule 1).',
  defenderSeedLater: 'given on accepting',

  // Each player's own seed, chosen in the challenge form and the accept dialog.
  seedLabel: 'Your seed',
  seedHint: 'Mixed into every roll with the server’s secret seed, whose hash is published first. Keep this random one, draw another or write your own.',
  newSeed: 'New seed',

  // The seed hash on open battles' cards.
  cardSeedHash: 'Server seed hash',
  copySeedHash: (battleId: number) => `Copy the server seed hash of battle ${battleId}`,
  cardSeeds: 'Seeds',

  verifyPageLink: 'Open the verify page',
} as const;
