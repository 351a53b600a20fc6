import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageSearch from '@mui/icons-material/ManageSearch';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { NOTIFICATION_TYPES } from '@unimercado/shared/constants';

/**
 * Spec section 2: an icon by typeId — 1 (message), 2 (offer answered), 5 (saved search), any
 * other (offers).
 */
export const NotificationIcon = ({ typeId }: { typeId: number }) => {
  if (typeId === NOTIFICATION_TYPES.message) return <ChatBubbleOutline />;
  if (typeId === NOTIFICATION_TYPES.offerAnswered) return <TaskAltOutlined />;
  // New listings for a saved search (issue 21).
  if (typeId === NOTIFICATION_TYPES.savedSearch) return <ManageSearch />;
  return <LocalOfferOutlined />;
};
