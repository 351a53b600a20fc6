import { useLocation } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { ChatPage } from '@/features/chat/components/chat-page';
import { ChatProvider } from '@/features/chat/hooks/use-chat';
import { SafetyNudge } from '@/features/safety/components/safety-nudge';
import { ConversationProduct } from '@/features/products/components/conversation-product';
import { useAuth } from '@/lib/auth';
import { readChatContact } from '@/lib/chat-contact';

export const ChatRoute = () => {
  const location = useLocation();
  const preselected = readChatContact(location.state, location.search);
  const { user } = useAuth();
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
          conversationTop={(partnerId) =>
            user && preselected?.productId && partnerId === preselected.userId ? (
              <ConversationProduct
                productId={preselected.productId}
                memberIds={[user.id, partnerId]}
              />
            ) : null
          }
        />
      </ChatProvider>
    </PageContainer>
  );
};
