import { ComingSoon } from '../../components/ComingSoon';

export default function AssistantPage() {
  return <ComingSoon title="Game Guide" lead="Ask PogBot anything about creating, trading and battling." />;
}
