import { ComingSoon } from '../../components/ComingSoon';

export default function ProfilePage() {
  return <ComingSoon title="Profile" lead="Your stats, achievements and creator level." />;
}
