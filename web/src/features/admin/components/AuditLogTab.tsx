import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { AUDIT_ADMIN_FILTER_MAX, MODERATION_AUDIT_ACTIONS, MODERATION_TARGET_TYPES, type ModerationAuditAction, type ModerationAuditEntry, type ModerationTargetType } from '@pog/common';
import { Button } from '../../../components/Button';
import { Input, Label, Select } from '../../../components/formControls';
import { PogLink } from '../../pogs/components/PogLink';
import { formatModeratedAt } from '../display';
import { ACTION_LABELS, actorLabel } from '../history';
import type { AuditLogFilters } from '../keys';
import { useAuditLog } from '../queries';
import { FlagReasonText } from './FlagReasonText';
import { ListState } from './ListState';

const Filters = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  align-items: end;
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

const Field = styled.div`
  display: grid;
  gap: 0.35rem;
`;

const FilterActions = styled.div`
  display: flex;
  gap: 0.5rem;
`;

const Problem = styled.p`
  grid-column: 1 / -1;
  /* Field's error colour: 4.5:1 or more on every surface. */
  color: #fca5a5;
  font-size: 0.85rem;
`;

const Scroller = styled.div`
  position: relative;
  overflow-x: auto;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th, td { padding: 0.6rem 0.85rem; text-align: left; vertical-align: top; }
  th { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.05em; color: ${({ theme }) => theme.colors.textMuted}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  tbody tr + tr td { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  td q, td .reason { display: block; color: ${({ theme }) => theme.colors.textMuted}; overflow-wrap: anywhere; }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 0.75rem;
  margin-top: 0.75rem;
`;

const TARGET_LABELS: Record<ModerationTargetType, string> = { pog: 'POG', user: 'Player' };

/** The form's fields as typed; applied only when valid. */
interface Draft {
  action: string;
  admin: string;
  targetType: string;
  targetId: string;
}
const EMPTY_DRAFT: Draft = { action: '', admin: '', targetType: '', targetId: '' };

export const TARGET_ID_PROBLEM = 'The target id must be a whole number';

function toFilters(draft: Draft): AuditLogFilters | null {
  const id = draft.targetId.trim();
  if (id && !/^[1-9]\d{0,9}$/.test(id)) return null;
  return {
    action: (draft.action || undefined) as ModerationAuditAction | undefined,
    admin: draft.admin.trim() || undefined,
    targetType: (draft.targetType || undefined) as ModerationTargetType | undefined,
    targetId: id ? Number(id) : undefined,
  };
}

/**
 * The Audit log tab: every moderation action, manual and automatic, newest first, a page at a time,
 * filtered by action, by admin (a session's number or an admin's username) and by target.
 */
export function AuditLogTab({ onUnauthorized }: { onUnauthorized: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const [problem, setProblem] = useState<string | null>(null);
  // The `before` of every page shown so far: the last is the current one (undefined: the newest).
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  const before = pages[pages.length - 1];
  const query = useAuditLog(filters, before, onUnauthorized);
  // The list's states are the page's; its items are the page's entries.
  const entries = { ...query, data: query.data?.entries } as UseQueryResult<readonly ModerationAuditEntry[]>;

  const apply = (next: Draft) => {
    const parsed = toFilters(next);
    setProblem(parsed ? null : TARGET_ID_PROBLEM);
    if (!parsed) return;
    setFilters(parsed);
    setPages([undefined]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    setDraft(EMPTY_DRAFT);
    apply(EMPTY_DRAFT);
  };
  const nextBefore = query.data?.nextBefore ?? null;

  return (
    <>
      <AuditFilters draft={draft} onChange={setDraft} onSubmit={onSubmit} onClear={clear} problem={problem} />
      <ListState query={entries} loadingLabel="Loading the audit log..." empty="No audit entries match these filters">
        {(items) => <AuditTable entries={items} />}
      </ListState>
      <Pager aria-label="Audit log pages">
        <span>Page {pages.length}</span>
        <Button $variant="secondary" $size="sm" disabled={pages.length === 1 || query.isFetching} onClick={() => setPages((all) => all.slice(0, -1))}>
          Newer
        </Button>
        <Button $variant="secondary" $size="sm" disabled={nextBefore === null || query.isFetching} onClick={() => nextBefore !== null && setPages((all) => [...all, nextBefore])}>
          Older
        </Button>
      </Pager>
    </>
  );
}

interface FiltersProps {
  draft: Draft;
  onChange: (draft: Draft) => void;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  problem: string | null;
}

function AuditFilters({ draft, onChange, onSubmit, onClear, problem }: FiltersProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => onChange({ ...draft, [key]: event.target.value });
  return (
    <Filters aria-label="Audit log filters" onSubmit={onSubmit}>
      <Field>
        <Label htmlFor={`${id}-action`}>Action</Label>
        <Select id={`${id}-action`} value={draft.action} onChange={set('action')}>
          <option value="">All actions</option>
          {MODERATION_AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {ACTION_LABELS[action]}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor={`${id}-admin`}>Admin</Label>
        <Input id={`${id}-admin`} value={draft.admin} onChange={set('admin')} placeholder="Session # or admin's username" maxLength={AUDIT_ADMIN_FILTER_MAX} />
      </Field>
      <Field>
        <Label htmlFor={`${id}-target`}>Target</Label>
        <Select id={`${id}-target`} value={draft.targetType} onChange={set('targetType')}>
          <option value="">POGs and players</option>
          {MODERATION_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TARGET_LABELS[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Field>
        <Label htmlFor={`${id}-target-id`}>Target id</Label>
        <Input
          id={`${id}-target-id`}
          value={draft.targetId}
          onChange={set('targetId')}
          inputMode="numeric"
          aria-invalid={problem !== null}
          aria-describedby={problem ? problemId : undefined}
        />
      </Field>
      <FilterActions>
        <Button type="submit" $size="sm">
          Filter
        </Button>
        <Button type="button" $variant="ghost" $size="sm" onClick={onClear}>
          Clear
        </Button>
      </FilterActions>
      {problem && (
        <Problem id={problemId} role="alert">
          {problem}
        </Problem>
      )}
    </Filters>
  );
}

function Target({ entry }: { entry: ModerationAuditEntry }) {
  if (entry.targetType === 'pog') return <PogLink pog={{ id: entry.targetId, name: `POG #${entry.targetId}${entry.targetName ? ` · ${entry.targetName}` : ''}` }} />;
  return <>{`Player #${entry.targetId}${entry.targetName ? ` · ${entry.targetName}` : ''}`}</>;
}

/** The entries: when, what, by whom, on which POG or player, and why. */
function AuditTable({ entries }: { entries: readonly ModerationAuditEntry[] }) {
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it (rows need not hold a link).
    <Scroller tabIndex={0} role="region" aria-label="Audit log entries">
      <Table aria-label="Audit log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">By</th>
            <th scope="col">Target</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-audit-id={entry.id}>
              <td>
                <time dateTime={entry.createdAt}>{formatModeratedAt(entry.createdAt)}</time>
              </td>
              <td>{ACTION_LABELS[entry.action]}</td>
              <td>{actorLabel(entry)}</td>
              <td>
                <Target entry={entry} />
              </td>
              <td>
                {entry.reason && (
                  <span className="reason">
                    <FlagReasonText reason={entry.reason} />
                  </span>
                )}
                {entry.notes && <q>{entry.notes}</q>}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}
