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
      options {
        id
        name
        values {
          id
          value
        }
      }
      variants {
        id
        sku
        price
        discountPrice
        quantity
        isDefault
        options {
          name
          value
        }
        image {
          ...ProductPictureFields
        }
      }
      priceRange {
        min
        max
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
