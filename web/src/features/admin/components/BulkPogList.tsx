import { useMemo } from 'react';
import type { Pog } from '@pog/common';
import { listItems } from '../paged';
import type { AdminListQuery } from '../queries';
import { usePogSelection } from '../selection';
import { BulkActionBar } from './BulkActionBar';
import { PogList } from './PogList';

interface BulkPogListProps {
  label: string;
  noun: string;
  query: AdminListQuery<Pog>;
  empty: string;
  onReview: (pog: Pog) => void;
}

/** An admin POG list whose cards can be selected, with the selection bar above them while any are shown. */
export function BulkPogList(props: BulkPogListProps) {
  const { data } = props.query;
  const shown = useMemo(() => listItems(data), [data]);
  const selection = usePogSelection(shown);
  return (
    <>
      {shown.length > 0 && <BulkActionBar selection={selection} label={props.label} />}
      <PogList {...props} selection={selection} />
    </>
  );
}
