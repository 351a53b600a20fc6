import { UnderConstruction } from '@/components/feedback/under-construction';

export const PublicProfileRoute = () => (
  <UnderConstruction title="PublicProfileRoute" description="." />
);
