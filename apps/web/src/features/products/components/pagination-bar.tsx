import { formatCount, formatInteger } from '@/utils/format';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';

/** 'Página X de Y • Mostrando N de M productos' (spec section 2). */
export const pageSummary = (page: number, pageCount: number, shown: number, total: number) =>
  `Página ${formatInteger(page)} de ${formatInteger(Math.max(pageCount, 1))} • Mostrando ${formatInteger(shown)} de ${formatCount(total, 'producto', 'productos')}`;

export const PaginationBar = ({
  page,
  pageSize,
  total,
  shown,
  onChange,
}: {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  shown: number;
  onChange: (page: number) => void;
}) => {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Box
      component="nav"
      aria-label="Paginación"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1.5,
        mt: 3,
      }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {pageSummary(page, pageCount, shown, total)}
      </Typography>
      {pageCount > 1 && (
        <Pagination
          page={Math.min(page, pageCount)}
          count={pageCount}
          onChange={(_event, value) => onChange(value)}
          color="primary"
          shape="rounded"
          siblingCount={0}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page'
              ? `${selected ? 'Página actual, ' : 'Ir a la página '}${item ?? ''}`
              : type === 'next'
                ? 'Página siguiente'
                : type === 'previous'
                  ? 'Página anterior'
                  : type === 'first'
                    ? 'Primera página'
                    : 'Última página'
          }
          sx={{ '& .MuiPaginationItem-root': { minWidth: 44, height: 44 } }}
        />
      )}
    </Box>
  );
};
