import { ComingSoon } from '../../components/ComingSoon';

export default function ExploreUserPage() {
  return <ComingSoon title="Discover Pogs" lead="Search the federation's POGs by name." />;
}
