import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  content: ReactNode;
}

const List = styled.div`
  display: flex;
  gap: 0.25rem;
  padding: 0.3rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.backgroundAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  /* On a narrow screen the tabs wrap onto more rows rather than hide behind a scroll. */
  flex-wrap: wrap;
`;

const Tab = styled.button`
  flex: 1 0 auto;
  padding: 0.5rem 0.9rem;
  border: none;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
  cursor: pointer;
  white-space: nowrap;
  transition: background 120ms ease, color 120ms ease;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.gradients.brandFill};
    color: #fff;
    box-shadow: 0 4px 14px rgba(139, 92, 246, 0.35);
  }
`;

const Panel = styled.div`
  margin-top: 1.25rem;
  &:focus-visible { outline-offset: 4px; }
`;

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: ReadonlyArray<TabItem<Id>>;
  value?: Id;
  defaultValue?: Id;
  onValueChange?: (id: Id) => void;
  className?: string;
}

/**
 * WAI-ARIA tabs: a tablist of tabs, one tabpanel. Arrow keys, Home and End move between tabs
 * (and select them); only the selected tab is in the Tab order.
 */
export function Tabs<Id extends string>({ label, items, value, defaultValue, onValueChange, className }: TabsProps<Id>) {
  const baseId = useId();
  const [internal, setInternal] = useState<Id | undefined>(defaultValue ?? items[0]?.id);
  const selected = value ?? internal;
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  const select = (id: Id) => {
    setInternal(id);
    onValueChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const target = { ArrowRight: index + 1 > last ? 0 : index + 1, ArrowLeft: index - 1 < 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[target];
    if (!next) return;
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const active = items.find((item) => item.id === selected);

  return (
    <div className={className}>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <Tab
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.id)}
            >
              {item.label}
            </Tab>
          );
        })}
      </List>
      {active && (
        <Panel role="tabpanel" id={`${baseId}-panel-${active.id}`} aria-labelledby={`${baseId}-tab-${active.id}`} tabIndex={0}>
          {active.content}
        </Panel>
      )}
    </div>
  );
}
