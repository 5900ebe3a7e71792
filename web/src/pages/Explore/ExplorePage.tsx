import { ComingSoon } from '../../components/ComingSoon';

export default function ExplorePage() {
  return <ComingSoon title="Explore Pogs" lead="Browse the POGs of the whole federation, trending and recently created." />;
}
