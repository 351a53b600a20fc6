import Alert from '@mui/material/Alert';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REVIEW_COMMENT_MAX_LENGTH } from '@unimercado/shared/schemas/trade-messages';
import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/feedback/form-dialog';
import { toUserMessage } from '@/lib/api-client';
import { useCreateReview } from '../api/create-review';
import { REVIEWS_TEXT } from '../messages';

/**
 * 'Calificar transacción' (spec sections 2 and 5): stars and a multiline 'Comentario'; Enviar is
 * disabled until a rating is chosen or while sending. `onSent` runs after the review is stored
 * (the page closes the dialog and its pending count drops by one).
 */
export const RateDialog = ({
  product,
  reviewerId,
  onClose,
  onSent,
}: {
  product: { id: number; title: string; sellerId: number; sellerName?: string };
  reviewerId: number;
  onClose: () => void;
  onSent: () => void;
}) => {
  const ratingId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const review = useCreateReview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || review.isPending) return;
    review.mutate(
      {
        rating,
        comment: comment.trim(),
        productId: product.id,
        reviewerId,
        revieweeId: product.sellerId,
      },
      { onSuccess: onSent },
    );
  };

  return (
    <FormDialog
      title={REVIEWS_TEXT.dialogTitle}
      cancelLabel={REVIEWS_TEXT.cancel}
      submitLabel={review.isPending ? REVIEWS_TEXT.sending : REVIEWS_TEXT.send}
      isSubmitDisabled={rating === null}
      isPending={review.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{product.title}</Typography>
      {product.sellerName && (
        <Typography color="text.secondary">Vendedor: {product.sellerName}</Typography>
      )}
      <Typography id={ratingId} component="p" variant="body2" sx={{ mt: 2, mb: 0.5 }}>
        {REVIEWS_TEXT.ratingLabel}
      </Typography>
      <Rating
        name="rating"
        value={rating}
        onChange={(_event, value) =>
          setRating(value !== null && Number.isInteger(value) ? value : null)
        }
        size="large"
        aria-labelledby={ratingId}
        getLabelText={REVIEWS_TEXT.stars}
        emptyLabelText={REVIEWS_TEXT.noRating}
        sx={{ fontSize: '2.5rem' }}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {REVIEWS_TEXT.ratingHint}
      </Typography>
      <TextField
        label={REVIEWS_TEXT.comment}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX_LENGTH } }}
      />
      {review.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {toUserMessage(review.error, REVIEWS_TEXT.sendError)}
        </Alert>
      )}
    </FormDialog>
  );
};
