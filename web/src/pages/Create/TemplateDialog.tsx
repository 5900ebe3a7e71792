import styled from 'styled-components';
import { POG_DEFAULTS, POG_TEMPLATES, TEMPLATE_CATEGORIES, type PogTemplate } from '@pog/common';
import { Dialog } from '../../components/Dialog';
import { stretchedButton } from '../../components/StretchedButton';
import { PogDisc } from '../../features/pogs/components/PogDisc';

const Category = styled.section`
  & + & { margin-top: 1.25rem; }
  h3 { margin-bottom: 0.6rem; font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.08em; color: ${({ theme }) => theme.colors.textSubtle}; }
`;

const Choices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: 0.75rem;
`;

const Choice = styled.div`
  position: relative;
  width: 100%;
  display: grid;
  justify-items: center;
  gap: 0.5rem;
  padding: 0.75rem 0.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  font-weight: 700;
  font-size: 0.85rem;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; background: ${({ theme }) => theme.colors.surfaceRaised}; }
`;

/** The template's name, as a button stretched over its tile. */
const ChooseButton = styled.button`
  ${stretchedButton}
`;

const CATEGORY_LABELS: Record<(typeof TEMPLATE_CATEGORIES)[number], string> = {
  gradients: 'Gradients',
  minimal: 'Minimal',
  retro: 'Retro',
};

/** The "Use Template" dialog: the 8 built-in designs of the product spec (entities), by category. */
export function TemplateDialog({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (template: PogTemplate) => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Use Template" description="Start from a ready-made design; you can change everything afterwards." width={640}>
      {TEMPLATE_CATEGORIES.map((category) => (
        <Category key={category} aria-labelledby={`template-${category}`}>
          <h3 id={`template-${category}`}>{CATEGORY_LABELS[category]}</h3>
          <Choices>
            {POG_TEMPLATES.filter((template) => template.category === category).map((template) => (
              <li key={template.id}>
                <Choice>
                  <PogDisc
                    size={72}
                    eager
                    design={{ ...template, name: template.name, imageUrl: '', imageStyle: POG_DEFAULTS.imageStyle }}
                  />
                  <ChooseButton type="button" onClick={() => onChoose(template)} aria-label={`Use the ${template.name} template`}>
                    {template.name}
                  </ChooseButton>
                </Choice>
              </li>
            ))}
          </Choices>
        </Category>
      ))}
    </Dialog>
  );
}
