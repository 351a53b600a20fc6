import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const ChatRoute = () => (
  <UnderConstruction
    title="Mensajes"
    description="Aquí podrás conversar en tiempo real con compradores y vendedores."
    icon={<ChatBubbleOutline />}
  />
);
