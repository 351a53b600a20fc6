import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { ChatPage } from '@/features/chat/components/chat-page';
import { ChatProvider } from '@/features/chat/hooks/use-chat';
import { SafetyNudge } from '@/features/safety/components/safety-nudge';
import { useAuth } from '@/lib/auth';
import { readChatContact } from '@/lib/chat-contact';

// Meet-ups (decision 083) load with the first card or hand-off that needs them.
const MeetupCard = lazy(async () => ({
  default: (await import('@/features/meetups/components/meetup-card')).MeetupCard,
}));
const ProposeMeetupButton = lazy(async () => ({
  default: (await import('@/features/meetups/components/propose-meetup-button'))
    .ProposeMeetupButton,
}));

export const ChatRoute = () => {
  const location = useLocation();
  const { user } = useAuth();
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
          renderMeetup={(message) => (
            <Suspense fallback={null}>
              <MeetupCard meetup={message.meetup} myId={user?.id ?? 0} />
            </Suspense>
          )}
          headerAction={(partnerId) => (
            <Suspense fallback={null}>
              <ProposeMeetupButton partnerId={partnerId} />
            </Suspense>
          )}
        />
      </ChatProvider>
    </PageContainer>
  );
};
