import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import { EmptyState } from './product-grid';
import { ProductResults } from './product-results';

export const PROFILE_PAGE_SIZE = 8;

/** A user's listings on their profile pages, newest first (sold ones carry the banner). */
export const SellerListings = ({ sellerId, isOwn }: { sellerId: number; isOwn: boolean }) => {
  const [page, setPage] = useState(1);
  const listings = useProducts({ sellerId, page: page - 1, size: PROFILE_PAGE_SIZE });
  const titleId = `seller-listings-${sellerId}`;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: { xs: 4, md: 5 } }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
        }}
      >
        <Typography id={titleId} variant="h4" component="h2">
          {isOwn ? 'Mis publicaciones' : 'Publicaciones'}
        </Typography>
        {isOwn && (
          <Button component={RouterLink} to={paths.myProducts} endIcon={<ArrowForwardIcon />}>
            Gestionar
          </Button>
        )}
      </Box>
      <ProductResults
        query={listings}
        page={page}
        pageSize={PROFILE_PAGE_SIZE}
        onPageChange={setPage}
        hidePaginationBelow={PROFILE_PAGE_SIZE + 1}
        label={isOwn ? 'Mis publicaciones' : 'Publicaciones'}
        skeletons={4}
        headingLevel="h3"
        empty={
          <EmptyState
            title={isOwn ? 'Aún no has publicado productos' : 'Todavía no ha publicado productos'}
            icon={<StorefrontOutlinedIcon />}
            action={
              isOwn ? (
                <Button component={RouterLink} to={paths.createProduct} variant="contained">
                  Publicar producto
                </Button>
              ) : undefined
            }
          />
        }
      />
    </Box>
  );
};
