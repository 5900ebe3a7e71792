import { ComingSoon } from '../../components/ComingSoon';

export default function BattlePage() {
  return <ComingSoon title="Battle Arena" lead="Challenge other players: each risks one POG, the higher roll wins both." />;
}
