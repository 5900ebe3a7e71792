import { ComingSoon } from '../../components/ComingSoon';

export default function CreatePage() {
  return <ComingSoon title="Creator Studio" lead="Design your own POGs: colours, images, text and fonts." />;
}
