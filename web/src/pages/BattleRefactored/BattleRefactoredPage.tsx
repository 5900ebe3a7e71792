import { ComingSoon } from '../../components/ComingSoon';

export default function BattleRefactoredPage() {
  return <ComingSoon title="Battle Arena" lead="Pending battles, new challenges and your battle history." />;
}
