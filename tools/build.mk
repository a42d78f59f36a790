# tools/ build fragment (filled in as the component lands).
