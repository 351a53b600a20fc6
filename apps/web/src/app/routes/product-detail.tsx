import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const ProductDetailRoute = () => (
  <UnderConstruction
    title="Detalle del producto"
    description="Aquí verás las fotos, el precio, el estado y el vendedor de cada producto."
    icon={<Inventory2Outlined />}
  />
);
