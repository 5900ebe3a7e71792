import styled from 'styled-components';
import { usePageTitle } from '../hooks/usePageTitle';
import { Page, PageHeader, PageTitle, PageLead } from './Page';

const Note = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  margin-top: 1.5rem;
  padding: 1.25rem 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Disc = styled.span`
  flex: none;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
  box-shadow: inset 0 0 0 4px rgba(255, 255, 255, 0.2);
`;

/** A screen a later release fills in: its title and one line saying so. */
export function ComingSoon({ title, lead }: { title: string; lead: string }) {
  usePageTitle(title);
  return (
    <Page>
      <PageHeader>
        <PageTitle>{title}</PageTitle>
        <PageLead>{lead}</PageLead>
      </PageHeader>
      <Note>
        <Disc aria-hidden="true" />
        <p>Coming soon: this part of the federation is still being built.</p>
      </Note>
    </Page>
  );
}
