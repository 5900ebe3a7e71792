import styled, { keyframes } from 'styled-components';

const float = keyframes`
  0%, 100% { transform: translateY(0) rotate(var(--tilt)); }
  50% { transform: translateY(-14px) rotate(calc(var(--tilt) + 4deg)); }
`;

const Stage = styled.div`
  position: relative;
  width: 100%;
  max-width: 420px;
  aspect-ratio: 1;
  margin: 0 auto;
`;

const Disc = styled.div<{ $from: string; $to: string; $size: number; $x: number; $y: number; $tilt: number; $delay: number }>`
  --tilt: ${({ $tilt }) => $tilt}deg;
  position: absolute;
  left: ${({ $x }) => $x}%;
  top: ${({ $y }) => $y}%;
  width: ${({ $size }) => $size}%;
  aspect-ratio: 1;
  display: grid;
  place-items: center;
  border-radius: 50%;
  background: radial-gradient(circle at 30% 25%, rgba(255, 255, 255, 0.35), transparent 45%), linear-gradient(135deg, ${({ $from }) => $from}, ${({ $to }) => $to});
  box-shadow: inset 0 0 0 6px rgba(255, 255, 255, 0.22), inset 0 0 0 14px rgba(0, 0, 0, 0.08), 0 20px 40px rgba(0, 0, 0, 0.45);
  animation: ${float} 6s ease-in-out infinite;
  animation-delay: ${({ $delay }) => $delay}s;
  span {
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: clamp(1.1rem, 3vw, 2rem);
    letter-spacing: 0.05em;
    color: #fff;
    text-shadow: 0 2px 0 rgba(0, 0, 0, 0.35);
  }
`;

/** Decorative POGs floating beside the landing hero. */
export function HeroDiscs() {
  return (
    <Stage aria-hidden="true">
      <Disc $from="#6366f1" $to="#ec4899" $size={58} $x={21} $y={18} $tilt={-8} $delay={0}>
        <span>POG!</span>
      </Disc>
      <Disc $from="#f59e0b" $to="#ef4444" $size={34} $x={0} $y={2} $tilt={10} $delay={1.2}>
        <span>WIN</span>
      </Disc>
      <Disc $from="#22c55e" $to="#3b82f6" $size={30} $x={68} $y={62} $tilt={-14} $delay={0.6}>
        <span>RARE</span>
      </Disc>
      <Disc $from="#a855f7" $to="#1e1b4b" $size={24} $x={6} $y={70} $tilt={6} $delay={2}>
        <span>★</span>
      </Disc>
    </Stage>
  );
}
