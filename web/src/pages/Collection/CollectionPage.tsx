import { ComingSoon } from '../../components/ComingSoon';

export default function CollectionPage() {
  return <ComingSoon title="My Collection" lead="Every POG you created or won, in one place." />;
}
