import styled from 'styled-components';
import { POG_FIELD_LIMITS, POG_FONTS, fontStack, type PogFont } from '@pog/common';
import { Field } from '../../components/Field';
import type { DesignErrors, PogDesign } from '../../features/pogs/design';
import { Group, Label, Row, Select } from './studioStyles';

const FontLabel = styled(Label)`
  flex: 1;
  min-width: 10rem;
`;

const ColorInput = styled.input`
  width: 3.5rem;
  height: 2.5rem;
  padding: 0.15rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  cursor: pointer;
`;

interface TextControlsProps {
  design: PogDesign;
  errors: DesignErrors;
  onChange: <K extends keyof PogDesign>(field: K, value: PogDesign[K]) => void;
}

/** The name, the text on the disc, its font and its colour. */
export function TextControls({ design, errors, onChange }: TextControlsProps) {
  return (
    <>
      <Field
        label="Name"
        value={design.name}
        maxLength={POG_FIELD_LIMITS.nameMax}
        placeholder="My awesome POG"
        error={errors.name}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <Group>
        <legend>Text</legend>
        <Field
          label="Text on the POG"
          value={design.textContent}
          maxLength={POG_FIELD_LIMITS.textMax}
          placeholder="POG!"
          error={errors.textContent}
          onChange={(event) => onChange('textContent', event.target.value)}
        />
        <Row>
          <FontLabel>
            Font
            <Select
              value={design.fontFamily}
              style={{ fontFamily: fontStack(design.fontFamily) }}
              onChange={(event) => onChange('fontFamily', event.target.value as PogFont)}
            >
              {POG_FONTS.map((font) => (
                <option key={font} value={font} style={{ fontFamily: fontStack(font) }}>
                  {font}
                </option>
              ))}
            </Select>
          </FontLabel>
          <Label>
            Text colour
            <ColorInput type="color" value={design.textColor.toLowerCase()} onChange={(event) => onChange('textColor', event.target.value.toUpperCase())} />
          </Label>
        </Row>
      </Group>
    </>
  );
}
