/** The Battle Arena's warnings (product spec: screens): signed out, no POGs yet, nobody to challenge. */
import { ButtonLink } from '../../../components/Button';
import { BATTLE_TEXT } from '../messages';
import { Notice } from './styles';

export function SignedOutNotice() {
  return (
    <Notice role="status">
      <span>{BATTLE_TEXT.signedOut}</span>
      <ButtonLink to="/auth" $size="sm">
        {BATTLE_TEXT.logIn}
      </ButtonLink>
    </Notice>
  );
}

export function NeedPogsNotice() {
  return (
    <Notice role="status" $tone="warning">
      <span>{BATTLE_TEXT.needPogs}</span>
      <ButtonLink to="/create" $size="sm" $variant="secondary">
        {BATTLE_TEXT.createPogs}
      </ButtonLink>
    </Notice>
  );
}

export function NoOpponentsNotice() {
  return (
    <Notice role="status" $tone="warning">
      {BATTLE_TEXT.noOpponents}
    </Notice>
  );
}
