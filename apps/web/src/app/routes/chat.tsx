import { useLocation } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { ChatPage } from '@/features/chat/components/chat-page';
import { ChatProvider } from '@/features/chat/hooks/use-chat';
import { ConversationGate } from '@/features/safety/components/conversation-gate';
import { MessageReportButton } from '@/features/safety/components/message-report-button';
import { SafetyNudge } from '@/features/safety/components/safety-nudge';
import { readChatContact } from '@/lib/chat-contact';

export const ChatRoute = () => {
  const location = useLocation();
  const preselected = readChatContact(location.state, location.search);
  return (
    <PageContainer sx={{ py: { xs: 2, md: 3 } }}>
      <PageTitle title="Mensajes" />
      <ChatProvider>
        <ChatPage
          key={preselected?.userId ?? 'none'}
          preselected={preselected}
          receivedNote={(message) => (
            <SafetyNudge messageId={message.id} content={message.content} />
          )}
          receivedAction={(message) => <MessageReportButton messageId={message.id} />}
          composerSlot={(partnerId, composer) => (
            <ConversationGate userId={partnerId}>{composer}</ConversationGate>
          )}
        />
      </ChatProvider>
    </PageContainer>
  );
};
