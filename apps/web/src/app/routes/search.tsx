import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const SearchRoute = () => (
  <UnderConstruction
    title="Buscar Productos Disponibles"
    description="Aquí podrás buscar por texto, categoría, precio, estado y ubicación."
    icon={<SearchOutlined />}
  />
);
