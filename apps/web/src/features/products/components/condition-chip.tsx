import Chip from '@mui/material/Chip';
import type { ProductCondition } from '@unimercado/shared/constants';

const STYLES: Record<ProductCondition, { bgcolor: string; color: string }> = {
  Nuevo: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  Seminuevo: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  Usado: { bgcolor: '#fff3e0', color: '#7a3e00' },
};

/** The product's condition (spec: status chip), MUI's Chip in colours with AA contrast. */
export const ConditionChip = ({
  condition,
  size = 'small',
  sx,
}: {
  condition: ProductCondition;
  size?: 'small' | 'medium';
  /** Where it sits (e.g. over a card's photo). */
  sx?: Record<string, string | number>;
}) => <Chip label={condition} size={size} sx={{ ...STYLES[condition], fontWeight: 600, ...sx }} />;
