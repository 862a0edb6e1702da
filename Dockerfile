# layout-service: build on the official Swift image for Debian 12, run on debian:bookworm-slim.
# scripts/check-container replays these steps natively (same packages, same flags) in CI.

FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev=0.9.75-6 libsqlite3-dev=3.40.1-2+deb12u2 \
       libpq-dev=15.20-0+deb12u1 zlib1g-dev=1:1.2.13.dfsg-1 libssl-dev=3.0.22-1~deb12u2 \
       pkg-config=1.8.1-1 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY clients/js ./clients/js
COPY Tests ./Tests
RUN swift build -c release --product layout-service --static-swift-stdlib \
    && install -m 0755 "$(swift build -c release --show-bin-path)/layout-service" /usr/local/bin/layout-service

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12=0.9.75-6 libsqlite3-0=3.40.1-2+deb12u2 \
       libpq5=15.20-0+deb12u1 zlib1g=1:1.2.13.dfsg-1 libssl3=3.0.22-1~deb12u2 \
       libstdc++6=12.2.0-14+deb12u1 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin layout \
    && mkdir -p /var/lib/layout-service && chown 10001 /var/lib/layout-service
COPY --from=build /usr/local/bin/layout-service /usr/local/bin/layout-service
USER 10001
ENV LAYOUT_SERVICE_HOST=0.0.0.0 \
    LAYOUT_SERVICE_PORT=8080 \
    LAYOUT_SERVICE_DATA_DIR=/var/lib/layout-service
VOLUME ["/var/lib/layout-service"]
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/layout-service", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/layout-service"]
