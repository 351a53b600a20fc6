import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const MyFavoritesRoute = () => (
  <UnderConstruction
    title="Mis Favoritos"
    description="Aquí encontrarás los productos que guardes como favoritos."
    icon={<FavoriteBorder />}
  />
);
