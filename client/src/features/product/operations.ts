// The product page's documents; codegen turns them into typed documents.
export const productOperations = /* GraphQL */ `
  query ProductDetail($slug: String!) {
    product(slug: $slug) {
      id
      slug
      name
      description
      imageOne
      images {
        ...ProductPictureFields
      }
      price
      discountPrice
      quantity
      rating
      peopleRated
      createdAt
      category {
        id
        name
      }
    }
  }

  query MyRating($productId: Int!) {
    myRating(productId: $productId)
  }

  query IsFavourite($productId: Int!) {
    isFavourite(productId: $productId)
  }

  mutation RateProduct($productId: Int!, $rating: Int!) {
    rateProduct(productId: $productId, rating: $rating) {
      message
      product {
        id
        rating
        peopleRated
      }
    }
  }

  mutation ToggleFavourite($productId: Int!) {
    toggleFavourite(productId: $productId) {
      message
      isFavourite
    }
  }
`;
