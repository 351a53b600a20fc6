import { UnderConstruction } from '@/components/feedback/under-construction';

export const VerifyEmailRoute = () => <UnderConstruction title="VerifyEmailRoute" description="." />;
