import { ComingSoon } from '../../components/ComingSoon';

export default function TradePage() {
  return <ComingSoon title="Trade Center" lead="Offer your POGs and answer the offers other players send you." />;
}
