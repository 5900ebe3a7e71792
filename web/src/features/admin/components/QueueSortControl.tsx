import styled from 'styled-components';
import { ADMIN_QUEUE_SORTS, type AdminQueueSort } from '@pog/common';
import { Label, Select } from '../../../components/formControls';

/** Our texts (the spec has no order for the review queue). */
export const QUEUE_SORT_TEXT: Record<AdminQueueSort, string> = {
  newest: 'Newest first',
  reports: 'Most reported first',
};

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: -0.25rem 0 1rem;
  label { grid-auto-flow: column; align-items: center; }
  select { width: auto; }
`;

/** How the review queue is ordered: newest first (the default) or most reported first. */
export function QueueSortControl({ value, onChange }: { value: AdminQueueSort; onChange: (sort: AdminQueueSort) => void }) {
  return (
    <Row>
      <Label>
        Order
        <Select value={value} onChange={(event) => onChange(event.target.value as AdminQueueSort)}>
          {ADMIN_QUEUE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {QUEUE_SORT_TEXT[sort]}
            </option>
          ))}
        </Select>
      </Label>
    </Row>
  );
}
