import styled from 'styled-components';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { Tabs } from '../../components/Tabs';
import { ChatPanel } from '../../features/chat/components/ChatPanel';
import { ExampleQuestions } from '../../features/chat/components/ExampleQuestions';
import { GuidePanel } from '../../features/chat/components/GuidePanel';
import { CHAT_TEXT } from '../../features/chat/messages';
import { useSendChatMessage } from '../../features/chat/mutations';
import { useChatHistory } from '../../features/chat/queries';
import { media } from '../../app/theme';
import { usePageTitle } from '../../hooks/usePageTitle';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  align-items: start;
  gap: 1.5rem;
  margin-top: 1.5rem;
  ${media.belowMd} { grid-template-columns: minmax(0, 1fr); }
`;

type SideTab = 'guide' | 'examples';

/** /assistant, labelled Game Guide (product spec: screens): the PogBot chat beside the guide and example questions. */
export default function AssistantPage() {
  usePageTitle(CHAT_TEXT.pageTitle);
  const history = useChatHistory();
  const { send, isPending } = useSendChatMessage();

  return (
    <Page>
      <PageHeader>
        <PageTitle>{CHAT_TEXT.pageTitle}</PageTitle>
        <PageLead>{CHAT_TEXT.pageLead}</PageLead>
      </PageHeader>
      <Layout>
        <ChatPanel
          messages={history.data}
          loading={history.isPending}
          failed={history.isError}
          onRetry={() => void history.refetch()}
          busy={isPending}
          send={send}
        />
        <aside aria-label={CHAT_TEXT.sideTabsLabel}>
          <Tabs<SideTab>
            label={CHAT_TEXT.sideTabsLabel}
            items={[
              { id: 'guide', label: CHAT_TEXT.guideTab, content: <GuidePanel /> },
              { id: 'examples', label: CHAT_TEXT.examplesTab, content: <ExampleQuestions busy={isPending} onAsk={(question) => send(question)} /> },
            ]}
          />
        </aside>
      </Layout>
    </Page>
  );
}
