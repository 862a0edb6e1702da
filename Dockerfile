# layout-service: build on the official Swift image for Debian 12, run on Debian 12 slim. The base images are
# pinned by tag; the packages are named without versions (Debian's point releases replace them), and
# scripts/check-container fails when these lists and .ci/run's disagree (DL3008, "pin versions", is off for
# that reason). scripts/check-container replays these steps natively (same packages, same flags) in CI.

FROM swift:6.3.1-bookworm AS build
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev libsqlite3-dev libpq-dev zlib1g-dev \
       libssl-dev libfreetype-dev libharfbuzz-dev libicu-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY clients/js ./clients/js
COPY Tests ./Tests
RUN swift build -c release --product layout-service --static-swift-stdlib \
    && install -m 0755 "$(swift build -c release --show-bin-path)/layout-service" /usr/local/bin/layout-service

FROM debian:12.11-slim
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libsqlite3-0 libpq5 zlib1g libssl3 \
       libfreetype6 libharfbuzz0b libharfbuzz-subset0 libicu72 fonts-inter fonts-noto-core fonts-noto-cjk \
       fonts-noto-color-emoji fonts-unifont libstdc++6 \
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
