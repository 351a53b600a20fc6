import NotificationsNone from '@mui/icons-material/NotificationsNone';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const NotificationsRoute = () => (
  <UnderConstruction
    title="Notificaciones"
    description="Aquí verás los avisos de nuevos mensajes y ofertas."
    icon={<NotificationsNone />}
  />
);
