import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { UnderConstruction } from '@/components/feedback/under-construction';

export const CreateProductRoute = () => (
  <UnderConstruction
    title="Publicar producto"
    description="Aquí podrás publicar un producto con título, descripción, precio y hasta 3 fotos."
    icon={<AddPhotoAlternateOutlined />}
  />
);
