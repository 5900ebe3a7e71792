import styled from 'styled-components';
import { GRADIENT_PRESETS, type GradientPreset } from '@pog/common';
import { Button } from '../../components/Button';
import { ShuffleIcon } from '../../components/icons';
import { Group, Row } from './studioStyles';

const Swatch = styled.button<{ $from: string; $to: string }>`
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.border};
  background: linear-gradient(135deg, ${({ $from }) => $from}, ${({ $to }) => $to});
  cursor: pointer;
  &:hover { border-color: ${({ theme }) => theme.colors.text}; }
`;

const RandomButton = styled(Button)`
  svg { width: 1rem; height: 1rem; }
`;

const Picker = styled.label`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
  input[type='color'] {
    width: 2.75rem;
    height: 2.25rem;
    padding: 0.15rem;
    border-radius: ${({ theme }) => theme.radii.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    cursor: pointer;
  }
  code { font-family: ${({ theme }) => theme.fonts.mono}; font-size: 0.8rem; color: ${({ theme }) => theme.colors.textSubtle}; }
`;

interface ColorControlsProps {
  color1: string;
  color2: string;
  onChange: (field: 'backgroundColor1' | 'backgroundColor2', value: string) => void;
  onPreset: (preset: GradientPreset) => void;
  onRandom: () => void;
}

/** The background: 3 gradient presets, a random pair, and the Color 1 and Color 2 pickers. */
export function ColorControls({ color1, color2, onChange, onPreset, onRandom }: ColorControlsProps) {
  return (
    <Group>
      <legend>Background</legend>
      <Row>
        {GRADIENT_PRESETS.map((preset) => (
          <Swatch
            key={preset.id}
            type="button"
            $from={preset.backgroundColor1}
            $to={preset.backgroundColor2}
            aria-label={`${preset.name} gradient`}
            title={preset.name}
            onClick={() => onPreset(preset)}
          />
        ))}
        <RandomButton $variant="secondary" $size="sm" onClick={onRandom} aria-label="Random colours">
          <ShuffleIcon />
          Random
        </RandomButton>
      </Row>
      <Row>
        <Picker>
          <input type="color" value={color1.toLowerCase()} onChange={(event) => onChange('backgroundColor1', event.target.value.toUpperCase())} />
          Color 1 <code>{color1}</code>
        </Picker>
        <Picker>
          <input type="color" value={color2.toLowerCase()} onChange={(event) => onChange('backgroundColor2', event.target.value.toUpperCase())} />
          Color 2 <code>{color2}</code>
        </Picker>
      </Row>
    </Group>
  );
}
