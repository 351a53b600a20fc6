import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const ProductsRoute = () => (
  <UnderConstruction
    title="Productos"
    description="Aquí verás todos los productos disponibles de tu comunidad, 12 por página."
    icon={<StorefrontOutlined />}
  />
);
