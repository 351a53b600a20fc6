import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@unimercado/shared/schemas/products';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { PageContainer } from '@/components/layout/page-container';
import { PageTitle } from '@/components/layout/page-title';
import { ChatPage } from '@/features/chat/components/chat-page';
import { ChatProvider } from '@/features/chat/hooks/use-chat';
import { ConversationGate } from '@/features/safety/components/conversation-gate';
import { MessageReportButton } from '@/features/safety/components/message-report-button';
import { HANDOFFS_KEY } from '@/features/handoffs/api/get-handoffs';
import { OpenHandoffs } from '@/features/handoffs/components/open-handoffs';
import { ConversationProduct } from '@/features/products/components/conversation-product';
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
// 'Calificar transacción' loads when first opened from a completed hand-off's card.
const RateDialog = lazy(async () => ({
  default: (await import('@/features/reviews/components/rate-dialog')).RateDialog,
}));

export const ChatRoute = () => {
  const location = useLocation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<Product | null>(null);
  const preselected = readChatContact(location.state, location.search);
  return (
    <PageContainer sx={{ py: { xs: 2, md: 3 } }}>
      <PageTitle title="Mensajes" />
      <ChatProvider>
        <ChatPage
          key={preselected?.userId ?? 'none'}
          preselected={preselected}
          // The hand-offs with this person, folded atop the conversation (issue 20).
          // The product the conversation was opened about (decision 099), then the hand-offs.
          partnerPanel={(partner) => (
            <>
              {user && preselected?.productId && partner.id === preselected.userId && (
                <ConversationProduct
                  productId={preselected.productId}
                  memberIds={[user.id, partner.id]}
                />
              )}
              <OpenHandoffs
                partnerId={partner.id}
                variant="conversation"
                onRate={(handoff) => setRating(handoff.product)}
              />
            </>
          )}
          receivedNote={(message) => (
            <SafetyNudge messageId={message.id} content={message.content} />
          )}
          receivedAction={(message) => <MessageReportButton messageId={message.id} />}
          composerSlot={(partnerId, composer) => (
            <ConversationGate userId={partnerId}>{composer}</ConversationGate>
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
      {rating && user && (
        <Suspense fallback={null}>
          <RateDialog
            key={rating.id}
            product={rating}
            reviewerId={user.id}
            onClose={() => setRating(null)}
            onSent={() => {
              setRating(null);
              void queryClient.invalidateQueries({ queryKey: HANDOFFS_KEY });
            }}
          />
        </Suspense>
      )}
    </PageContainer>
  );
};
