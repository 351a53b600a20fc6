import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const MyPurchasesRoute = () => (
  <UnderConstruction
    title="Mis Compras"
    description="Aquí verás tus compras y podrás calificar a los vendedores."
    icon={<ShoppingBagOutlined />}
  />
);
