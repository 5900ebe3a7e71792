import { ComingSoon } from '../../components/ComingSoon';

export default function AdminPage() {
  return <ComingSoon title="Admin Panel" lead="Review flagged POGs and moderate players." />;
}
